from django.apps import AppConfig


class ZhuyinConfig(AppConfig):
    name = "zhuyin"
    verbose_name = "注音 for young readers"

    def ready(self) -> None:
        from zhuyin import middleware  # noqa: F401 (connects the reading aids to a pick)
