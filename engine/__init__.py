"""Card Table Classroom's rules engine: cards, the four games, simulation and a command line.

Nothing under ``engine`` imports Streamlit; the app and the command line are both clients of it.
"""
