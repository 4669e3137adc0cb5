"""A migration operation: a foreign key gives up its own index when composite indexes that
lead with its column already serve every lookup by it (the cascade's included).

Django would remake a SQLite table to change ``db_index`` (every row copied) and leaves
PostgreSQL's index in place; the index itself is all that changes, so this drops it by the
name Django gave it (``schema_editor._create_index_name``, as Django names it on either
database) and makes it again when the migration is reversed.
"""

from django.db import migrations


def own_index_dropped(app_label: str, model_name: str, field_name: str, field):
    """AlterField to ``field`` (``db_index=False``) in the state; in the database, the
    index of that one column dropped (made again on the way back)."""

    def named(apps, schema_editor) -> tuple[str, str, str]:
        model = apps.get_model(app_label, model_name)
        column = model._meta.get_field(field_name).column
        table = model._meta.db_table
        return table, column, schema_editor._create_index_name(table, [column], suffix="")

    def drop(apps, schema_editor):
        _table, _column, name = named(apps, schema_editor)
        schema_editor.execute(f"DROP INDEX IF EXISTS {schema_editor.quote_name(name)}")

    def create(apps, schema_editor):
        table, column, name = named(apps, schema_editor)
        quote = schema_editor.quote_name
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {quote(name)} ON {quote(table)} ({quote(column)})"
        )

    return migrations.SeparateDatabaseAndState(
        state_operations=[migrations.AlterField(model_name, field_name, field)],
        database_operations=[migrations.RunPython(drop, create)],
    )
