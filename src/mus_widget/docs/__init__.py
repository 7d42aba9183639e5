"""The documentation site (:mod:`.build`: ``mus-widget docs build --output DIR``) and the Sphinx extension that
keeps a book of notebooks offline (:mod:`.extension`, enabled as ``mus_widget.sphinx``). The top layer: the site
holds the classroom site of :mod:`mus_widget.lite`.

Neither is imported here: the extension needs Sphinx, the site builder the site's tools too.
"""
