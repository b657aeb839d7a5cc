//! The drawings of an SCL document as figures: shapes (underlays, overlays, and values in the
//! margin cells) and lines (lines and arrows), with their colours, in cells from the grid's
//! top-left corner; and the words of the rules text, which confirm what a drawing means.

use serde_json::{Map, Value};

use super::super::Info;
use super::text_of;

/// The rules text (and title), lowercase, words separated by single spaces.
pub(super) struct Rules {
    text: String,
}

impl Rules {
    /// The words of a puzzle's title and rules.
    pub(super) fn of(info: &Info) -> Rules {
        let raw = format!(
            "{} {}",
            info.title.as_deref().unwrap_or(""),
            info.rules.as_deref().unwrap_or("")
        );
        Rules {
            text: format!(" {} ", normalise(&raw)),
        }
    }

    /// Whether a word of the text starts with one of `words` (written lowercase, words apart).
    pub(super) fn mentions(&self, words: &[&str]) -> bool {
        words
            .iter()
            .any(|w| self.text.contains(&format!(" {}", normalise(w))))
    }

    /// Whether there is any rules text.
    pub(super) fn any(&self) -> bool {
        !self.text.trim().is_empty()
    }
}

/// Lowercase, every run of other characters than letters and digits one space.
pub(super) fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_owned()
}

/// A colour, without its alpha.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rgb(pub(super) u8, pub(super) u8, pub(super) u8);

impl Rgb {
    /// Hue in degrees, saturation and lightness in 0–1.
    pub(super) fn hsl(self) -> (f64, f64, f64) {
        let [r, g, b] = [self.0, self.1, self.2].map(|v| f64::from(v) / 255.0);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let l = (max + min) / 2.0;
        let d = max - min;
        if d < 1e-9 {
            return (0.0, 0.0, l);
        }
        let s = d / (1.0 - (2.0 * l - 1.0).abs());
        let h = if max == r {
            60.0 * ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        (h, s, l)
    }

    /// Lightness, 0–1.
    pub(super) fn lightness(self) -> f64 {
        self.hsl().2
    }

    /// Whether it has (almost) no hue: greys, white, black.
    pub(super) fn grey(self) -> bool {
        let (_, s, l) = self.hsl();
        s < 0.15 || !(0.03..=0.97).contains(&l)
    }

    /// How far apart two colours look: hue over 30°, plus lightness over 0.3; 1 or less is
    /// the same family. Greys are near only greys.
    pub(super) fn distance(self, other: Rgb) -> f64 {
        let ((h1, _, l1), (h2, _, l2)) = (self.hsl(), other.hsl());
        if self.grey() || other.grey() {
            return if self.grey() && other.grey() {
                (l1 - l2).abs() / 0.3
            } else {
                f64::INFINITY
            };
        }
        let dh = (h1 - h2).abs().min(360.0 - (h1 - h2).abs());
        dh / 30.0 + (l1 - l2).abs() / 0.3
    }
}

impl std::fmt::Display for Rgb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

/// A CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, six hex digits without `#` (what
/// unzipping leaves), `rgb(…)`, `rgba(…)`, or a few names; `None` for none, transparent or
/// fully transparent.
pub(super) fn colour(v: Option<&Value>) -> Option<Rgb> {
    let text = v?.as_str()?.trim().to_ascii_lowercase();
    let hex = |s: &str| u8::from_str_radix(s, 16).ok();
    let from_hex = |h: &str| -> Option<Rgb> {
        let double = |i: usize| hex(&h[i..=i].repeat(2));
        match h.len() {
            3 | 4 if h.is_ascii() => {
                if h.len() == 4 && double(3)? == 0 {
                    return None;
                }
                Some(Rgb(double(0)?, double(1)?, double(2)?))
            }
            6 | 8 if h.is_ascii() => {
                if h.len() == 8 && hex(&h[6..8])? == 0 {
                    return None;
                }
                Some(Rgb(hex(&h[0..2])?, hex(&h[2..4])?, hex(&h[4..6])?))
            }
            _ => None,
        }
    };
    if let Some(h) = text.strip_prefix('#') {
        return from_hex(h);
    }
    if text.len() == 6 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return from_hex(&text);
    }
    if let Some(inner) = text
        .strip_prefix("rgba(")
        .or_else(|| text.strip_prefix("rgb("))
        .and_then(|t| t.strip_suffix(')'))
    {
        let parts: Vec<f64> = inner
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .ok()?;
        if parts.len() == 4 && parts[3] <= 0.0 {
            return None;
        }
        let byte = |x: f64| x.clamp(0.0, 255.0) as u8;
        return match parts.as_slice() {
            [r, g, b] | [r, g, b, _] => Some(Rgb(byte(*r), byte(*g), byte(*b))),
            _ => None,
        };
    }
    match text.as_str() {
        "white" => Some(Rgb(255, 255, 255)),
        "black" => Some(Rgb(0, 0, 0)),
        "grey" | "gray" => Some(Rgb(128, 128, 128)),
        "lightgrey" | "lightgray" => Some(Rgb(211, 211, 211)),
        "red" => Some(Rgb(255, 0, 0)),
        "green" => Some(Rgb(0, 128, 0)),
        "blue" => Some(Rgb(0, 0, 255)),
        _ => None,
    }
}

/// A point, in cells from the grid's top-left corner: (row, column).
pub(super) type Point = (f64, f64);
/// A cell by row and column, which may be outside the grid.
pub(super) type Rc = (i64, i64);

pub(super) const TOL: f64 = 0.06;

pub(super) fn near(x: f64, y: f64) -> bool {
    (x - y).abs() <= TOL
}

/// The cell whose centre the point is.
pub(super) fn centre(p: Point) -> Option<Rc> {
    let (r, c) = (p.0 - 0.5, p.1 - 0.5);
    (near(r, r.round()) && near(c, c.round())).then(|| (r.round() as i64, c.round() as i64))
}

/// The cell the point lies in.
pub(super) fn containing(p: Point) -> Rc {
    (p.0.floor() as i64, p.1.floor() as i64)
}

/// The two cells on either side of the edge whose midpoint the point is.
pub(super) fn edge(p: Point) -> Option<[Rc; 2]> {
    let int = |x: f64| near(x, x.round());
    let half = |x: f64| near(x - 0.5, (x - 0.5).round());
    if int(p.0) && half(p.1) {
        let (r, c) = (p.0.round() as i64, (p.1 - 0.5).round() as i64);
        Some([(r - 1, c), (r, c)])
    } else if half(p.0) && int(p.1) {
        let (r, c) = ((p.0 - 0.5).round() as i64, p.1.round() as i64);
        Some([(r, c - 1), (r, c)])
    } else {
        None
    }
}

/// The corner of cells the point is (the row and column of the cell below right of it).
pub(super) fn vertex(p: Point) -> Option<Rc> {
    (near(p.0, p.0.round()) && near(p.1, p.1.round()))
        .then(|| (p.0.round() as i64, p.1.round() as i64))
}

/// The cells along straight or diagonal runs between the cells given; `None` if a run is
/// neither.
pub(super) fn path(points: &[Rc]) -> Option<Vec<Rc>> {
    let mut out = vec![*points.first()?];
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dr, dc) = (b.0 - a.0, b.1 - a.1);
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        if steps > 128 {
            return None;
        }
        for k in 1..=steps {
            out.push((a.0 + dr.signum() * k, a.1 + dc.signum() * k));
        }
    }
    Some(out)
}

/// A cell as messages name it, 1-based: `r0c3` is above the grid.
pub(super) fn name((r, c): Rc) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// Where a point is, in words.
pub(super) fn place(p: Point) -> String {
    if let Some(c) = centre(p) {
        name(c)
    } else if let Some([a, b]) = edge(p) {
        format!("the edge of {} and {}", name(a), name(b))
    } else if let Some((r, c)) = vertex(p) {
        format!(
            "the corner of {} and {}",
            name((r - 1, c - 1)),
            name((r, c))
        )
    } else {
        format!("({:.2}, {:.2})", p.0, p.1)
    }
}

/// How a drawing is used.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    /// Not read yet.
    Free,
    /// A bulb, which more lines or arrows may share.
    Bulb,
    /// Read.
    Used,
}

/// An underlay, an overlay, or a margin cell's value.
pub(super) struct Shape {
    pub(super) list: &'static str,
    pub(super) at: Point,
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) round: bool,
    pub(super) fill: Option<Rgb>,
    pub(super) border: Option<Rgb>,
    pub(super) text: String,
    pub(super) angle: f64,
    pub(super) used: Use,
}

impl Shape {
    /// What and where it is, for messages.
    pub(super) fn describe(&self) -> String {
        format!("{} at {}", self.kind(), place(self.at))
    }

    /// What it is, without where: `underlay circle 0.7×0.7 (fill #CFCFCF)`.
    pub(super) fn kind(&self) -> String {
        let form = match (self.list, self.round) {
            ("cells", _) => "value".to_owned(),
            (_, true) => format!("circle {}×{}", self.w, self.h),
            (_, false) => format!("rectangle {}×{}", self.w, self.h),
        };
        let mut details = Vec::new();
        if let Some(f) = self.fill {
            details.push(format!("fill {f}"));
        }
        if let Some(b) = self.border {
            details.push(format!("border {b}"));
        }
        if !self.text.is_empty() {
            details.push(format!("text {:?}", self.text));
        }
        let list = match self.list {
            "underlays" => "underlay ",
            "overlays" => "overlay ",
            _ => "margin ",
        };
        let details = if details.is_empty() {
            String::new()
        } else {
            format!(" ({})", details.join(", "))
        };
        format!("{list}{form}{details}")
    }

    /// Whether both its width and height are in `lo`–`hi`.
    pub(super) fn size_in(&self, lo: f64, hi: f64) -> bool {
        (lo..=hi).contains(&self.w) && (lo..=hi).contains(&self.h)
    }

    /// Whether it is white or unfilled.
    pub(super) fn light(&self) -> bool {
        self.fill.is_none_or(|f| f.lightness() >= 0.85)
    }
}

/// A line or an arrow.
pub(super) struct Line {
    pub(super) arrow: bool,
    pub(super) points: Vec<Point>,
    pub(super) colour: Option<Rgb>,
    pub(super) thickness: f64,
    pub(super) svg: bool,
    pub(super) used: Use,
}

impl Line {
    /// What and where it is, for messages.
    pub(super) fn describe(&self) -> String {
        let kind = if self.arrow { "arrow" } else { "line" };
        let colour = self
            .colour
            .map_or("no colour".to_owned(), |c| format!("colour {c}"));
        if self.svg {
            return format!("{kind} drawn as an SVG path ({colour})");
        }
        let ends = match (self.points.first(), self.points.last()) {
            (Some(&a), Some(&b)) => match (centre(a), centre(b)) {
                (Some(a), Some(b)) => format!("{}-{}", name(a), name(b)),
                _ => format!("from {} to {}", place(a), place(b)),
            },
            _ => String::new(),
        };
        format!("{kind} {ends} ({colour})")
    }

    /// The cells of its points when they are all cell centres.
    pub(super) fn centres(&self) -> Option<Vec<Rc>> {
        self.points.iter().map(|&p| centre(p)).collect()
    }
}

pub(super) fn number(v: Option<&Value>) -> Option<f64> {
    v.and_then(Value::as_f64).filter(|x| x.is_finite())
}

/// A point `[row, column]`, from the grid's top-left corner; `None` for anything else, and for
/// a point more than 10,000 cells away (no drawing of a grid is).
pub(super) fn point(v: &Value, (r0, c0): Rc) -> Option<Point> {
    let far = |x: f64| x.abs() > 10_000.0;
    match v.as_array()?.as_slice() {
        [r, c] => {
            let p = (r.as_f64()? - r0 as f64, c.as_f64()? - c0 as f64);
            (!far(p.0) && !far(p.1)).then_some(p)
        }
        _ => None,
    }
}

/// The shapes and lines of `doc`, its grid's top-left cell at `origin`, with the values of the
/// margin cells (`margin`, by document row and column).
pub(super) fn figures(
    doc: &Map<String, Value>,
    origin: Rc,
    margin: &[(Rc, String)],
) -> (Vec<Shape>, Vec<Line>) {
    let mut shapes = Vec::new();
    for (key, name) in [("underlays", "underlays"), ("overlays", "overlays")] {
        for item in super::items(doc, key) {
            let Some(at) = item.get("center").and_then(|v| point(v, origin)) else {
                continue;
            };
            if number(item.get("opacity")) == Some(0.0) {
                continue;
            }
            let text = item
                .get("text")
                .and_then(text_of)
                .unwrap_or_default()
                .replace('\u{a0}', " ")
                .trim()
                .to_owned();
            let size = |k: &str| number(item.get(k)).unwrap_or(1.0);
            shapes.push(Shape {
                list: name,
                at,
                w: size("width"),
                h: size("height"),
                round: item
                    .get("rounded")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                fill: colour(item.get("backgroundColor")),
                border: colour(item.get("borderColor")),
                text,
                angle: number(item.get("angle")).unwrap_or(0.0),
                used: Use::Free,
            });
        }
    }
    for ((r, c), text) in margin {
        shapes.push(Shape {
            list: "cells",
            at: ((r - origin.0) as f64 + 0.5, (c - origin.1) as f64 + 0.5),
            w: 1.0,
            h: 1.0,
            round: false,
            fill: None,
            border: None,
            text: text.clone(),
            angle: 0.0,
            used: Use::Free,
        });
    }
    let mut lines = Vec::new();
    for (key, arrow) in [("lines", false), ("arrows", true)] {
        for item in super::items(doc, key) {
            if number(item.get("opacity")) == Some(0.0) {
                continue;
            }
            let path_data = |k: &str| {
                item.get(k)
                    .and_then(Value::as_str)
                    .is_some_and(|d| d.trim_start().starts_with(['M', 'm']))
            };
            let points: Vec<Point> = item
                .get("wayPoints")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|p| point(p, origin))
                .collect();
            let svg = points.len() < 2 && (path_data("d") || path_data("duration"));
            if points.len() < 2 && !svg {
                continue; // nothing is drawn
            }
            lines.push(Line {
                arrow,
                points,
                colour: colour(item.get("color")),
                thickness: number(item.get("thickness")).unwrap_or(2.0),
                svg,
                used: Use::Free,
            });
        }
    }
    (shapes, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_in_every_css_spelling() {
        let c = |s: &str| colour(Some(&Value::String(s.into())));
        assert_eq!(c("#CFCFCF"), Some(Rgb(0xCF, 0xCF, 0xCF)));
        assert_eq!(c("cfcfcf"), Some(Rgb(0xCF, 0xCF, 0xCF)));
        assert_eq!(c("#0003"), Some(Rgb(0, 0, 0)));
        assert_eq!(c("#fff"), Some(Rgb(255, 255, 255)));
        assert_eq!(c("rgba(10, 20, 30, 0.5)"), Some(Rgb(10, 20, 30)));
        assert_eq!(c("rgba(10, 20, 30, 0)"), None);
        assert_eq!(c("#12345600"), None);
        assert_eq!(c("none"), None);
        assert_eq!(c("#12"), None);
    }

    #[test]
    fn colour_families_are_told_apart() {
        let renban = Rgb(0xF0, 0x67, 0xF0);
        assert!(Rgb(0xFF, 0x00, 0xD4).distance(Rgb(0xFF, 0x00, 0xD4)) < 0.01);
        assert!(Rgb(0xC0, 0x60, 0xC0).distance(renban) <= 1.0);
        assert!(Rgb(0xFF, 0x00, 0x00).distance(renban) > 1.0);
        assert!(Rgb(0xFF, 0x00, 0x00).distance(Rgb(0xFF, 0xCC, 0xAA)) > 1.0);
        assert!(Rgb(0xB0, 0xB0, 0xB0).distance(renban).is_infinite());
    }

    #[test]
    fn the_rules_are_searched_by_words() {
        let rules = Rules::of(&Info {
            rules: Some("Digits on an Anti-Knight... X-Sums: see box sums.".into()),
            ..Info::default()
        });
        assert!(rules.mentions(&["anti knight"]));
        assert!(rules.mentions(&["x sum"]));
        assert!(!rules.mentions(&["xsum", "thermo"]));
    }

    #[test]
    fn points_are_cells_edges_and_corners() {
        assert_eq!(centre((0.5, 2.5)), Some((0, 2)));
        assert_eq!(centre((0.5, 2.2)), None);
        assert_eq!(edge((1.0, 2.5)), Some([(0, 2), (1, 2)]));
        assert_eq!(edge((0.5, 8.0)), Some([(0, 7), (0, 8)]));
        assert_eq!(vertex((3.0, 3.0)), Some((3, 3)));
        assert_eq!(
            path(&[(0, 0), (0, 3), (2, 1)]),
            Some(vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (2, 1)])
        );
        assert_eq!(path(&[(0, 0), (1, 2)]), None);
    }
}
