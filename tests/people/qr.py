"""Reading a QR code back with zbarimg (Debian's zbar-tools; .ci/run installs it)."""

import os
import shutil
import subprocess

import pytest


def decode_qr(png: bytes, tmp_path) -> str:
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        if os.environ.get("CI"):
            pytest.fail("zbarimg is missing: .ci/run installs zbar-tools")
        pytest.skip("zbarimg is not installed (apt-get install zbar-tools; .ci/run does)")
    path = tmp_path / "qr.png"
    path.write_bytes(png)
    result = subprocess.run(
        [zbarimg, "--raw", "--quiet", str(path)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()
