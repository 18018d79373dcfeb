"""The contract the engine and the domains meet in, and every interface reads: the three
slots (``problem``, ``advice``), the budgets (``limits``), how a search ends (``outcome``), its
counters and result (``result``), its events (``trace``), its messages (``note``), and a domain
as the interfaces see it (``domain``). Standard library only."""
