from django.apps import AppConfig


class WorksheetsConfig(AppConfig):
    name = "worksheets"
    verbose_name = "Worksheets on paper"
