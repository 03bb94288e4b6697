"""Broken on purpose: starts a grandchild that sleeps, writes both process ids to the file named
by its argument ("CHILD GRANDCHILD"), then reads requests and never answers."""

import os
import subprocess
import sys
import time

from _common import requests

grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open(sys.argv[1] + ".tmp", "w") as out:
    out.write(f"{os.getpid()} {grandchild.pid}\n")
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
for _request in requests():
    time.sleep(3600)
