"""WSGI entry point: `gunicorn wsgi:app`. Uses REDIS_URL, or the embedded redis-server."""
from api import create_app

app = create_app()
