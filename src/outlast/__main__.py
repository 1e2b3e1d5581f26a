"""`python -m outlast` runs the `outlast` command."""

import sys

from outlast.cli.main import main

sys.exit(main())
