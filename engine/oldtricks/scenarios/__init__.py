"""Scenarios and sharing: scenario and study files read and written, replayed into the frames a viewer
shows, checked, and shared as links."""
