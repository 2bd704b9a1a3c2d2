package modelapi

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/gif" // image.DecodeConfig of the formats the spec takes
	_ "image/jpeg"
	_ "image/png"
	"slices"
	"strings"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/webp"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// Image limits of model-api.md §8.
const (
	maxImages      = 8
	maxImageBytes  = 10 << 20
	maxImagesBytes = 20 << 20
)

// imageTypes are the media types a data: URL may carry.
var imageTypes = []string{"image/png", "image/jpeg", "image/webp", "image/gif", "image/bmp"}

// decodeImage reads a data: URL image; param names the field in errors.
func decodeImage(url, param string) (smallmodel.Image, *serve.Error) {
	if strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://") {
		return smallmodel.Image{}, bad("image_url_not_supported", param,
			"this server takes images only as data: URLs")
	}
	header, payload, ok := strings.Cut(strings.TrimPrefix(url, "data:"), ",")
	mime, enc, _ := strings.Cut(header, ";")
	if !strings.HasPrefix(url, "data:") || !ok || enc != "base64" {
		return smallmodel.Image{}, bad("invalid_image", param, "an image must be a base64 data: URL")
	}
	if !slices.Contains(imageTypes, strings.ToLower(mime)) {
		return smallmodel.Image{}, bad("unsupported_image_mime", param,
			"images must be PNG, JPEG, WebP, GIF or BMP, not "+clip(mime))
	}
	if base64.StdEncoding.DecodedLen(len(payload)) > maxImageBytes+3 {
		return smallmodel.Image{}, bad("images_too_large", param, "an image may have at most 10 MiB")
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return smallmodel.Image{}, bad("invalid_image", param, "the image's base64 is not valid")
	}
	if len(data) > maxImageBytes {
		return smallmodel.Image{}, bad("images_too_large", param, "an image may have at most 10 MiB")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || "image/"+format != normalMIME(mime) {
		return smallmodel.Image{}, bad("invalid_image", param, "the image cannot be read as "+clip(mime))
	}
	return smallmodel.Image{MIME: normalMIME(mime), Width: cfg.Width, Height: cfg.Height, Bytes: len(data)}, nil
}

// normalMIME lower-cases a media type.
func normalMIME(m string) string { return strings.ToLower(m) }

// checkDetail accepts detail left out or auto (model-api.md §4).
func checkDetail(detail, param string) *serve.Error {
	switch detail {
	case "", "auto":
		return nil
	case "low", "high", "original":
		return bad("unsupported_image_detail", param, "detail must be auto or left out")
	}
	return bad("invalid_image_detail", param, "detail must be auto or left out")
}

// checkImageBudget applies the per-request image limits to every image of a request.
func checkImageBudget(imgs []smallmodel.Image) *serve.Error {
	if len(imgs) > maxImages {
		return bad("too_many_images", "", fmt.Sprintf("a request may hold at most %d images, not %d", maxImages, len(imgs)))
	}
	total := 0
	for _, im := range imgs {
		total += im.Bytes
	}
	if total > maxImagesBytes {
		return bad("images_too_large", "", "the images of a request may have at most 20 MiB together")
	}
	return nil
}

// clip quotes a client value for an error message, shortened.
func clip(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return "'" + s + "'"
}
