"""Helpers the tests run besides pytest itself (a throwaway PostgreSQL server, store worker processes)."""
