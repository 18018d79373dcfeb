import os
import tempfile

# Pattern databases built by the tests go to a throwaway cache, shared by the whole session.
os.environ["STATESEARCH_CACHE"] = tempfile.mkdtemp(prefix="statesearch-test-cache-")
