"""The array types of the kernels' typed entry points, named once (numpy only): what a
family's ``kernel/core.py``, ``dealing.py`` and ``search.py`` take and give beside its own
rows (whose number type is the family's, so each family names its ``Rows``).

>>> import numpy as np
>>> import numpy.typing as npt
>>> Ints == npt.NDArray[np.int64] and Vector == Ints
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["Flags", "Floats", "Ints", "Randoms", "Vector"]

Ints = npt.NDArray[np.int64]
"""Whole numbers: actions, counts, games, seeds."""
Vector = Ints
"""A family's rules vector (its layout's ``rules_vector``)."""
Flags = npt.NDArray[np.bool_]
"""Masks and per-game flags."""
Randoms = npt.NDArray[np.uint64]
"""Generator states, one a game (:mod:`cau_rules.kernel.rng`)."""
Floats = npt.NDArray[np.float64]
"""Returns and shares."""
