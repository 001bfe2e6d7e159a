"""``python -m cau_rules.cli``: the same as the ``cau-rules`` command."""

import sys

from cau_rules.cli import main

if __name__ == "__main__":
    sys.exit(main())
