"""The people around a learner: grown-ups' accounts, parents' children, teachers' classes.

Public interface for the rest of the project:

- URL names in the "people" namespace (people/urls.py): sign_up, sign_in,
  sign_out, password_reset, who_is_learning, parent_home, teacher_home,
  class_dashboard, join_class, ...
- the context processor assignments.assigned_lessons: `assigned_lessons`, the lessons
  a signed-in student's class was assigned, by slug (the lesson map marks them with the
  {% assignment_mark assigned_lessons slug %} tag from the "people" template library).
  The lessons app never imports people: dependencies run people → lessons.
- misconceptions.misconception_for(reason_name): a short name for a rules.Reason
  and the lesson that teaches it.
- reports: stars per lesson, rules tripped over, the class grid, last 7 days.

A child and a student are lessons.models.Learner rows linked here (ChildProfile,
Student); the browser's learner is still chosen with lessons.learners.use_learner.
"""
