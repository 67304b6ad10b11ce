import PanelUI

/// The font every decoded test description may name without listing it.
let descriptionFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// Decodes `text` as if read from `file`, where only `existing` (resolved paths) and the font exist.
func decodeDescription(_ text: String, file: String = "panel.yaml",
                       existing: Set<String> = []) throws(DescriptionError) -> PanelDescription {
    try PanelDescription.parse(text, file: file, fileExists: { existing.contains($0) || $0 == descriptionFont })
}

/// The message `text` fails with, or nil when it decodes.
func descriptionFailure(_ text: String, file: String = "panel.yaml", existing: Set<String> = []) -> String? {
    do {
        _ = try decodeDescription(text, file: file, existing: existing)
        return nil
    } catch {
        return error.description
    }
}
