"""The core both pools of worker processes stand on: the web server's search slots
(``web.workers``) and the batch runner's local pool (``batch.local_pool``).

It owns what a pool does with one process: start it (``process.WorkerProcess``, spawned, its
start never cut in half by a Ctrl-C when it is to be deaf to one), send it a job, hear its
typed messages (``messages``: ``Job`` and ``Cancel`` one way; ``Taken``, ``Done`` and
``Failed`` the other; ``Died`` when it ended without an answer), notice its death, kill and
replace it; and the worker's own life (``serve``): jobs one at a time, each said taken as it
arrives, a cancel heard while one runs, every way a job ends a message. Each pool keeps only
its policy: the web its fair line, caps, deadlines and cancels; the batch its order of tasks,
retries and stop signal.
"""
