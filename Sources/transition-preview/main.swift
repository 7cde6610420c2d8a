import PreviewRendering

// Placeholder: the preview arrives with its issue.
print("transition-preview: not implemented yet")
