"""The app's screens: menu, play, rules, settings, help overlay and small dialogs."""
