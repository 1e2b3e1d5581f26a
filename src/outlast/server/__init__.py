"""The online server (`outlast serve`): a door to every game through the kernel contract only."""
