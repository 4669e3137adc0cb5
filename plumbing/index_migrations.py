"""A migration operation: a foreign key gives up its own index when composite indexes that
lead with its column already serve every lookup by it (the cascade's included).

Django would remake a SQLite table to change ``db_index`` (every row copied, and the tally
triggers on it with them: lessons/tallies.py) and leaves PostgreSQL's index in place; the
index itself is all that changes, so this drops the one index over that column alone,
found by the database's own introspection (whatever name it was given), and makes one
again when the migration is reversed.
"""

from django.db import migrations


def own_index_dropped(app_label: str, model_name: str, field_name: str, field):
    """AlterField to ``field`` (``db_index=False``) in the state; in the database, the
    index of that one column dropped (made again on the way back)."""

    def table_and_column(apps) -> tuple[str, str]:
        model = apps.get_model(app_label, model_name)
        return model._meta.db_table, model._meta.get_field(field_name).column

    def drop(apps, schema_editor):
        table, column = table_and_column(apps)
        connection = schema_editor.connection
        with connection.cursor() as cursor:
            constraints = connection.introspection.get_constraints(cursor, table)
        for name, found in constraints.items():
            alone = found["columns"] == [column]
            if alone and found["index"] and not (found["unique"] or found["primary_key"]):
                schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")

    def create(apps, schema_editor):
        table, column = table_and_column(apps)
        quote = schema_editor.quote_name
        name = quote(f"{table}_{column}_alone")
        schema_editor.execute(f"CREATE INDEX {name} ON {quote(table)} ({quote(column)})")

    return migrations.SeparateDatabaseAndState(
        state_operations=[migrations.AlterField(model_name, field_name, field)],
        database_operations=[migrations.RunPython(drop, create)],
    )
