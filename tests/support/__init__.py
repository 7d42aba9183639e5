"""What the tests share: free ports, one subprocess server, hypothesis strategies, deals, bot matches, the
scripted students' choice of a move."""
