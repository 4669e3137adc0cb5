from django import template

from board.drawing import square_buttons

register = template.Library()
register.simple_tag(square_buttons, name="square_buttons")
