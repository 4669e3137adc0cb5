from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from people.views import (
    accounts,
    classes,
    dashboards,
    email_links,
    exports,
    parents,
    password_change,
    password_reset,
    schools,
    student_login,
)

app_name = "people"

password_reset_patterns = [
    path(
        "accounts/password-reset/",
        password_reset.PasswordResetView.as_view(
            template_name="people/password_reset_form.html",
            email_template_name="people/password_reset_email.txt",
            subject_template_name="people/password_reset_subject.txt",
            success_url=reverse_lazy("people:password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="people/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        password_reset.PasswordResetConfirmView.as_view(
            template_name="people/password_reset_confirm.html",
            success_url=reverse_lazy("people:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="people/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
]

urlpatterns = [
    path("accounts/signup/", accounts.sign_up, name="sign_up"),
    path("accounts/login/", accounts.sign_in, name="sign_in"),
    path("accounts/verify-email/<str:token>/", email_links.verify_email, name="verify_email"),
    path("accounts/check-email/", email_links.check_link, name="check_link"),
    path("accounts/logout/", accounts.sign_out, name="sign_out"),
    path("accounts/delete/", accounts.delete_account, name="delete_account"),
    path("accounts/password/", password_change.change_password, name="change_password"),
    *password_reset_patterns,
    path("who/", parents.who_is_learning, name="who_is_learning"),
    path("unlock/", parents.unlock, name="unlock"),
    path("parent/", parents.parent_home, name="parent_home"),
    path("parent/children/add/", parents.add_child, name="add_child"),
    path("parent/children/<id:learner_id>/", parents.child_progress, name="child_progress"),
    path("parent/pin/", parents.set_pin, name="set_pin"),
    path("stars/whose/", parents.claim_stars, name="claim_stars"),
    path("learners/<id:learner_id>/export.json", exports.learner_json, name="learner_json"),
    path("learners/<id:learner_id>/delete/", exports.delete_learner, name="delete_learner"),
    path("teacher/", classes.teacher_home, name="teacher_home"),
    path("teacher/classes/<id:classroom_id>/", dashboards.class_dashboard, name="class_dashboard"),
    path("teacher/classes/<id:classroom_id>/students/", classes.class_roster, name="class_roster"),
    path("teacher/classes/<id:classroom_id>/cards/", classes.login_cards, name="login_cards"),
    path("teacher/classes/<id:classroom_id>/login-qr.png", classes.login_qr, name="login_qr"),
    path("teacher/classes/<id:classroom_id>/delete/", classes.delete_class, name="delete_class"),
    path("teacher/classes/<id:classroom_id>/grid.csv", exports.grid_csv, name="grid_csv"),
    path(
        "teacher/classes/<id:classroom_id>/attempts.csv",
        exports.attempts_csv,
        name="attempts_csv",
    ),
    path(
        "teacher/classes/<id:classroom_id>/assignments/",
        classes.add_assignment,
        name="add_assignment",
    ),
    path(
        "teacher/assignments/<id:assignment_id>/remove/",
        classes.remove_assignment,
        name="remove_assignment",
    ),
    path("teacher/students/<id:student_id>/", dashboards.student_history, name="student_history"),
    path(
        "teacher/students/<id:student_id>/new-secret/",
        classes.reset_secret,
        name="reset_secret",
    ),
    path("teacher/students/<id:student_id>/badge.png", classes.badge_qr, name="badge_qr"),
    path("teacher/students/<id:student_id>/new-badge/", classes.new_badge, name="new_badge"),
    path("teacher/students/<id:student_id>/move/", classes.move_student, name="move_student"),
    path("teacher/students/<id:student_id>/unlock/", classes.unlock_student, name="unlock_student"),
    path("teacher/classes/<id:classroom_id>/unlock/", classes.unlock_class, name="unlock_class"),
    path("teacher/classes/<id:classroom_id>/message/", classes.class_message, name="class_message"),
    path(
        "teacher/classes/<id:classroom_id>/shared-devices/",
        classes.shared_devices,
        name="shared_devices",
    ),
    path("teacher/schools/", schools.new_school, name="new_school"),
    path("teacher/schools/<id:school_id>/", schools.school_page, name="school"),
    path(
        "teacher/schools/<id:school_id>/teachers/", schools.add_teacher, name="add_school_teacher"
    ),
    path(
        "teacher/schools/<id:school_id>/invitations/<id:invitation_id>/cancel/",
        schools.cancel_invitation,
        name="cancel_school_invitation",
    ),
    path(
        "teacher/invitations/<id:invitation_id>/",
        schools.answer_invitation,
        name="answer_school_invitation",
    ),
    path(
        "teacher/schools/<id:school_id>/accounts/",
        schools.account_source,
        name="school_account_source",
    ),
    path("teacher/schools/<id:school_id>/events/", schools.events, name="school_events"),
    path("teacher/schools/<id:school_id>/import/", schools.import_roster, name="import_roster"),
    path("teacher/schools/<id:school_id>/new-year/", schools.new_year, name="new_school_year"),
    path(
        "teacher/schools/<id:school_id>/roster.<str:kind>",
        schools.export_roster,
        name="export_roster",
    ),
    path("teacher/archive/<id:classroom_id>/", schools.archived_class, name="archived_class"),
    path(
        "teacher/archive/<id:classroom_id>/grid.csv",
        schools.archived_progress,
        name="archived_progress",
    ),
    path("join/", student_login.join_class, name="join_class"),
    path("badge/<str:token>/", student_login.badge_sign_in, name="badge"),
    path("join/<join_code:code>/", student_login.pick_name, name="pick_name"),
    path("join/<join_code:code>/<id:student_id>/", student_login.pick_secret, name="pick_secret"),
]
