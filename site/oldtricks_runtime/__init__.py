"""oldtricks_runtime: the build of the site's browser runtime, apart from the Sphinx extension that calls it.

- :mod:`.runtime` the self-hosted runtime copied into a built site: Pyodide and the live engine's wheel;
  :mod:`.stdlib` its standard library trimmed to what the engine imports (the imports traced by
  :mod:`.stdlibtrace`), :mod:`.strip` the sources stripped of comments, :mod:`.bytecode` compiled by
  Pyodide's own Python, :mod:`.deflate` zipped smaller; :mod:`.livewheel` the engine wheel's live part;
  :mod:`.glue` Pyodide's JavaScript glue minified; :mod:`.manifest` the runtime manifest and the service
  worker that keeps the runtime (``serviceworker.js``);
- :mod:`.bundle` the widget's JavaScript and CSS bundled and minified by esbuild; :mod:`.compress` the
  precompressed copies of a built site's large files; :mod:`.warm` the runtime's slow steps in a process
  of their own while Sphinx builds the pages;
- :mod:`.operations` the Pyodide worker's table of the live engine's operations (``operations.js``);
- :mod:`.devserver` the development web server of the built site;
- :mod:`.cli` the command line: ``python site/oldtricks_runtime COMMAND`` (``wheel``, ``copy``, ``serve``,
  ``operations``, ``stdlib``).

This package imports nothing from Sphinx; the Sphinx extension (``oldtricks_sphinx``) imports it.
"""
