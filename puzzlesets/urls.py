from django.urls import path

from puzzlesets import views

app_name = "puzzlesets"

# <id:…> is the project's converter (tutor/converters.py, registered by tutor/urls.py).
urlpatterns = [
    path("teacher/sets/", views.sets_home, name="sets_home"),
    path("teacher/sets/puzzles/new/", views.new_puzzle, name="new_puzzle"),
    path("teacher/sets/import/", views.import_toml, name="import_toml"),
    path("teacher/sets/<id:set_id>/", views.set_page, name="set_page"),
    path("teacher/sets/<id:set_id>/worksheet/", views.set_sheet, name="set_sheet"),
    path(
        "teacher/sets/<id:set_id>/worksheet/pdf/",
        views.set_sheet,
        {"as_pdf": True},
        name="set_sheet_pdf",
    ),
    path("teacher/sets/<id:set_id>/items/", views.add_item, name="add_item"),
    path("teacher/sets/<id:set_id>/assign/", views.assign, name="assign"),
    path("teacher/sets/<id:set_id>/share/", views.share, name="share"),
    path("teacher/sets/<id:set_id>/export.toml", views.export_toml, name="export_toml"),
    path("teacher/sets/items/<id:set_item_id>/move/", views.move_item, name="move_item"),
    path("teacher/sets/items/<id:set_item_id>/remove/", views.remove_item, name="remove_item"),
    path(
        "teacher/sets/assignments/<id:set_assignment_id>/remove/",
        views.remove_assignment,
        name="remove_assignment",
    ),
    path(
        "teacher/sets/assignments/<id:set_assignment_id>/results.csv",
        views.results_csv,
        name="results_csv",
    ),
    path("sets/shared/<slug:token>/", views.shared, name="shared"),
    path("sets/<id:set_assignment_id>/", views.set_start, name="set_start"),
    path("sets/<id:set_assignment_id>/<id:number>/", views.set_puzzle, name="set_puzzle"),
    path("sets/items/<id:set_item_id>/", views.item_puzzle, name="item_puzzle"),
]
