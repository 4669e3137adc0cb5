from django.apps import AppConfig


class ZhuyinConfig(AppConfig):
    name = "zhuyin"
    verbose_name = "注音 for young readers"
