#!/usr/bin/env python3
"""Writes the small placeholder files the mocked backend's seed points at (public/seed-files/).

The files are committed; this script only documents how they were made and lets someone redo them.
Needs Pillow and the DejaVu fonts (Debian: python3-pil fonts-dejavu-core); run with /usr/bin/python3.
"""
from pathlib import Path
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent / "public" / "seed-files"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT_REGULAR = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def font(size, bold=True):
    return ImageFont.truetype(FONT if bold else FONT_REGULAR, size)


def centered(draw, box, text, fnt, fill):
    left, top, right, bottom = box
    bbox = draw.textbbox((0, 0), text, font=fnt)
    width, height = bbox[2] - bbox[0], bbox[3] - bbox[1]
    draw.text((left + (right - left - width) / 2 - bbox[0], top + (bottom - top - height) / 2 - bbox[1]), text, font=fnt, fill=fill)


LOGOS = [
    ("sportverein", "SV", "#1f7a3a"),
    ("musikverein", "MV", "#8a1c2b"),
    ("feuerwehr", "FF", "#c62828"),
    ("kulturverein", "KV", "#6a3d9a"),
    ("sozialverein", "SO", "#1565c0"),
    ("tierschutzverein", "TS", "#ef6c00"),
    ("elternverein", "EV", "#00838f"),
    ("jugendverein", "JV", "#ad1457"),
    ("naturschutzverein", "NV", "#2e7d32"),
    ("pensionistenverein", "PV", "#5d4037"),
]


def logos():
    folder = ROOT / "logos"
    folder.mkdir(parents=True, exist_ok=True)
    for slug, initials, colour in LOGOS:
        image = Image.new("RGBA", (192, 192), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        draw.ellipse((6, 6, 186, 186), fill=colour, outline="white", width=6)
        centered(draw, (0, 0, 192, 192), initials, font(72), "white")
        image.save(folder / f"logo-{slug}.png", optimize=True)


GALLERY = [
    ("galerie-vereinsfest.jpg", "Vereinsfest", ("#f9a825", "#ef6c00")),
    ("galerie-training.jpg", "Training", ("#43a047", "#1b5e20")),
    ("galerie-konzert.jpg", "Konzert", ("#5e35b1", "#311b92")),
    ("galerie-ausflug.jpg", "Ausflug", ("#039be5", "#01579b")),
]


def gradient(size, top, bottom):
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    top_rgb = Image.new("RGB", (1, 1), top).getpixel((0, 0))
    bottom_rgb = Image.new("RGB", (1, 1), bottom).getpixel((0, 0))
    for y in range(size[1]):
        ratio = y / (size[1] - 1)
        colour = tuple(int(top_rgb[i] + (bottom_rgb[i] - top_rgb[i]) * ratio) for i in range(3))
        draw.line((0, y, size[0], y), fill=colour)
    return image


def gallery():
    folder = ROOT / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    for name, label, (top, bottom) in GALLERY:
        image = gradient((480, 320), top, bottom)
        draw = ImageDraw.Draw(image)
        draw.polygon([(0, 320), (140, 190), (260, 280), (360, 170), (480, 260), (480, 320)], fill=(255, 255, 255))
        centered(draw, (0, 40, 480, 140), label, font(44), "white")
        centered(draw, (0, 250, 480, 320), "Beispielbild", font(18, bold=False), "#555555")
        image.save(folder / name, quality=70, optimize=True)


def legitimation():
    folder = ROOT / "legitimation"
    folder.mkdir(parents=True, exist_ok=True)
    for name, side in (("ausweis-vorderseite.jpg", "Vorderseite"), ("ausweis-rueckseite.jpg", "Rückseite")):
        image = Image.new("RGB", (428, 270), "#e8eef3")
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((8, 8, 420, 262), radius=18, fill="#f7f9fb", outline="#90a4ae", width=3)
        draw.rectangle((8, 8, 420, 52), fill="#c8102e")
        centered(draw, (8, 8, 420, 52), "REPUBLIK ÖSTERREICH · MUSTER", font(18), "white")
        if side == "Vorderseite":
            draw.rectangle((28, 72, 138, 212), fill="#cfd8dc")
            centered(draw, (28, 72, 138, 212), "Foto", font(20, bold=False), "#607d8b")
            for index, line in enumerate(["Name: MUSTERFRAU", "Vorname: ERIKA", "Geb.: 12.08.1975", "Nr.: A1234567"]):
                draw.text((160, 80 + index * 32), line, font=font(18, bold=False), fill="#263238")
        else:
            for index in range(5):
                draw.line((28, 90 + index * 30, 400, 90 + index * 30), fill="#b0bec5", width=2)
            draw.text((28, 230), "IDAUT<<A1234567<<<<<<<<<<<<<", font=font(16, bold=False), fill="#263238")
        centered(draw, (8, 100, 420, 200), "MUSTER", font(64), (200, 16, 46))
        image.save(folder / name, quality=70, optimize=True)


def pdf(path, title, lines):
    """A one-page PDF with text in Helvetica, written by hand (offsets in the xref must be exact)."""
    def escape(text):
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    stream_lines = ["BT", "/F1 20 Tf", "72 760 Td", f"({escape(title)}) Tj", "/F1 12 Tf", "0 -36 Td"]
    for line in lines:
        stream_lines += [f"({escape(line)}) Tj", "0 -18 Td"]
    stream_lines.append("ET")
    stream = "\n".join(stream_lines).encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


def documents():
    folder = ROOT / "documents"
    folder.mkdir(parents=True, exist_ok=True)
    pdf(folder / "spend2-formular-muster.pdf", "SPEND 2 - Formular (Muster)", [
        "Antrag auf Aufnahme in die Liste begünstigter Spendenempfänger",
        "Beispieldokument des Vereinsportals - keine echten Daten.",
    ])
    pdf(folder / "spendenbeguenstigung-bescheid-muster.pdf", "Bescheid Spendenbegünstigung (Muster)", [
        "Finanzamt Österreich - Bestätigung der Spendenbegünstigung",
        "Beispieldokument des Vereinsportals - keine echten Daten.",
    ])
    pdf(folder / "statuten-muster.pdf", "Vereinsstatuten (Muster)", [
        "§ 1 Name, Sitz und Tätigkeitsbereich",
        "§ 2 Zweck",
        "Beispieldokument des Vereinsportals - keine echten Daten.",
    ])


def app_logo():
    (ROOT / "app-logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Vereinsportal">'
        '<rect width="64" height="64" rx="14" fill="#c8102e"/>'
        '<path d="M14 18h10l8 22 8-22h10L37 48H27z" fill="#fff"/></svg>\n',
        encoding="utf-8",
    )


if __name__ == "__main__":
    logos()
    gallery()
    legitimation()
    documents()
    app_logo()
    print("written to", ROOT)
