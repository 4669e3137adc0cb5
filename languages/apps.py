from django.apps import AppConfig


class LanguagesConfig(AppConfig):
    name = "languages"
    verbose_name = "The interface's languages and their catalogues"
