from django.apps import AppConfig


class CurriculumConfig(AppConfig):
    name = "curriculum"
    verbose_name = "Curriculum"
