/// A row's widget drawn by its kind, and the halo behind a pressed one.
extension PanelPainter {
    /// Draws a row's widget (keeping its pixels when `resting` names its look). A method of its
    /// own: the closures it makes capture the model, and in `drawRow` those captures were copied
    /// into its frame on entry (2.6 KB for every row), whether or not the widget was then copied.
    @inline(never)
    func drawWidget(_ control: ControlDescription, target: Int, row: PanelLayout.Row, onness: Double, model: PanelModel,
                    disabled: Bool, painted: Rect, kept: Rect, resting: RestingWidgets.Key?, canvas: Canvas) {
        drawResting(resting, in: kept, canvas: canvas) {
            let drawWidget = widgetDrawing(control, target: target, row: row, onness: onness, model: model,
                                           fadedOver: disabled ? theme.rowBackground : nil)
            if disabled {
                // Faded as one layer, so overlapping parts (knob over track) don't show through each other.
                canvas.drawLayer(painted, opacity: Self.disabledOpacity) { layer, _ in
                    drawWidget(layer, row.controlFrame.offsetBy(dx: -painted.x, dy: -painted.y))
                }
            } else {
                drawWidget(canvas, row.controlFrame)
            }
        }
    }

    /// The pressed halo behind a widget while a finger is down on its row: a capsule in the
    /// theme's highlight, which every widget look keeps 3:1 against, ringed in the accent made
    /// to reach 3:1 against the row, so the feedback itself is as visible as a control's edge.
    func drawHalo(around row: PanelLayout.Row, canvas: Canvas) {
        let halo = RectF(row.pressedFrame)
        let radius = min(halo.width, halo.height) / 2
        canvas.fillRoundedRect(halo, radius: radius, color: theme.highlight)
        // At the layout's scale, as the halo's reach is.
        let w = Self.haloRingWidth * Double(row.haloMargin) / Double(PanelLayout.haloMargin)
        let ring = RectF(x: halo.x + w / 2, y: halo.y + w / 2, width: halo.width - w, height: halo.height - w)
        canvas.strokeRoundedRect(ring, radius: radius - w / 2, lineWidth: w,
                                 color: theme.accent.raisedToContrast(CheckboxStyle.minimumContrast, against: theme.rowBackground))
    }

    /// Draws the control's widget into a frame, by its kind. `onness` is the model's at the
    /// frame's time; `fadedOver`: the row's colour when the widget is disabled, faded as one layer.
    private func widgetDrawing(_ control: ControlDescription, target: Int, row: PanelLayout.Row, onness: Double,
                               model: PanelModel, fadedOver rowColor: Color?) -> (Canvas, Rect) -> Void {
        control.kind.behavior.widget(control, WidgetContext(target: target, row: row,
                                                            font: labelFonts[model.layout.metrics.pixels(control.labelStyle.fontSize)],
                                                            onness: onness, model: model, fadedOver: rowColor, images: images,
                                                            theme: theme, contrast: contrast))
    }
}
