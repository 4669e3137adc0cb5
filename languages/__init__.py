"""The languages the site speaks, and how 简体中文 is made from the Traditional source.

A leaf package: it imports nothing from the apps, so lessons, the glossary and the
people may all use it.
"""
