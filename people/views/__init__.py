"""The people app's pages: each module the views of one area."""
