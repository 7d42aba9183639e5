"""A zero-install classroom: the tutorials and the table as a JupyterLite site that runs offline in a browser.

``mus-widget lite build --output DIR`` writes a folder of static files (JupyterLab, Pyodide, every
wheel, the tutorials) to serve from any web server or open from a USB stick; :mod:`.build` says how.
"""

from .build import DEFAULT_CACHE, BuildError, Site, build
from .lock import LockError, rewrite_lock, trim_babel

__all__ = ["DEFAULT_CACHE", "BuildError", "LockError", "Site", "build", "rewrite_lock", "trim_babel"]
