"""What stops guessing and floods: per-address and per-account limits, picture locks."""
