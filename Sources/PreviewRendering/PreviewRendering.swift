/// Software rendering of transition frames to PNG, APNG and SVG for `transition-preview`. Placeholder.
public enum PreviewRendering {}
