"""Game packages: each sub-package exposes GAME, a `outlast.core.Game`."""
