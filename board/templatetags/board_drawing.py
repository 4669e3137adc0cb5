from django import template

from board.drawing import board_frame, feedback_box, promotion_picker

register = template.Library()
register.simple_tag(board_frame, name="board_frame")
register.simple_tag(feedback_box, name="feedback_box")
register.simple_tag(promotion_picker, name="promotion_picker")
