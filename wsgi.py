"""WSGI entry point: `gunicorn wsgi:app`. Uses REDIS_URL, or the embedded redis-server.

The garbage collector is set for a server: the objects the app built at start (routes, schemas,
the rules' data) live as long as the process, so they are moved out of its sight (gc.freeze) and
the full collections stop walking them; and the youngest generation is collected every 10,000 new
objects instead of 700, since a worker holds dozens of requests in flight whose objects are alive
anyway (reference counting frees everything else at once).
"""
import gc

from api import create_app

app = create_app()

gc.collect()
gc.freeze()
gc.set_threshold(10_000, 10, 10)
