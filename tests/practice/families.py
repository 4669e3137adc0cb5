"""The practice families whose question has two answers (rule, family), shared by the
balance and hidden-order tests."""

TWO_ANSWERS = {
    ("check", "in_check"),
    ("capture", "move_legal"),
    ("castling-not-now", "can_castle"),
    ("castling-forever", "can_castle"),
    ("checkmate", "assess"),
    ("en-passant", "move_legal"),
    ("draws", "assess"),
    ("draws-repetition", "can_claim"),
    ("draws-fifty", "can_claim"),
    ("touch-move", "text"),
}
