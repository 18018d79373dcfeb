import os
import sys
import tempfile
from pathlib import Path

# tests import their helpers as a plain module
sys.path.insert(0, str(Path(__file__).parent))
# Pattern databases built by the tests go to a throwaway cache, shared by the whole session.
os.environ["STATESEARCH_CACHE"] = tempfile.mkdtemp(prefix="statesearch-test-cache-")
