"""A worker loads what it keeps for life before its first request, then freezes it."""

import gc
import importlib

from curriculum.loading import curriculum_in


def test_the_worker_has_its_curricula_loaded_and_frozen_before_any_request(fresh_caches):
    gc.unfreeze()
    import tutor.wsgi

    importlib.reload(tutor.wsgi)
    try:
        assert curriculum_in.cache_info().currsize == 3  # 繁體中文, English, 简体中文
        assert gc.get_freeze_count() > 10_000
        assert callable(tutor.wsgi.application)
    finally:
        gc.unfreeze()
