"""The pygame app: scene manager, scenes, board views, widgets, theme and texts."""
