"""What the tests share: free ports, one subprocess server, hypothesis strategies, deals, bot matches."""
