package modelchat

import (
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

// The service's image limits (model-api.md §8): per request, so for the whole conversation sent.
// They are the client's.
const (
	MaxImages      = client.MaxImages
	MaxImageBytes  = client.MaxImageBytes
	MaxImagesBytes = client.MaxImagesBytes
)

// imageTypes are the image types the model endpoints read (model-api.md §2, input_image).
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true, "image/gif": true,
	"image/bmp": true}

// LoadImage reads an image file to send to a model: at most 10 MiB, of a type the service reads,
// known by its content (not its name).
func LoadImage(path string) (records.Image, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return records.Image{}, explain.Checkf("Cannot read the image %s: %v.", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxImageBytes+1))
	if err != nil {
		return records.Image{}, explain.Checkf("Cannot read the image %s: %v.", path, err)
	}
	return NewImage(name, data)
}

// NewImage checks data as an image named name: a type the service reads (by content sniffing)
// and at most 10 MiB.
func NewImage(name string, data []byte) (records.Image, error) {
	if len(data) > MaxImageBytes {
		return records.Image{}, explain.Checkf("The image %s is over 10 MiB, the most the service takes. Send a smaller image.", safetext.OneLine(name))
	}
	mime := http.DetectContentType(data)
	if !imageTypes[mime] {
		return records.Image{}, explain.Checkf("%s is not a PNG, JPEG, WebP, GIF or BMP image (its content is %s). Convert it to one of those.",
			safetext.OneLine(name), mime)
	}
	return records.Image{Name: name, MIME: mime, Size: len(data), Data: data}, nil
}

// checkNewImages checks the images of a new message against tier and the service's limits; an
// image for a tier that cannot read them names the tiers that can.
func checkNewImages(images []records.Image, tier client.Model, tiers []client.Model) error {
	if len(images) == 0 {
		return nil
	}
	if !tier.Capabilities.Vision {
		return explain.Checkf("%s cannot read images; %s", tier.ID, visionTiers(tiers))
	}
	total := 0
	for _, img := range images {
		total += img.Size
	}
	switch {
	case len(images) > MaxImages:
		return explain.Checkf("A message can send at most %d images; this one has %d.", MaxImages, len(images))
	case total > MaxImagesBytes:
		return explain.Checkf("The images add up to %.1f MiB; a request takes at most 20 MiB. Send fewer or smaller images.",
			float64(total)/(1<<20))
	}
	return nil
}

// visionTiers says which of the key's tiers can read images.
func visionTiers(tiers []client.Model) string {
	var names []string
	for _, m := range tiers {
		if m.Capabilities.Vision {
			names = append(names, m.ID)
		}
	}
	if len(names) == 0 {
		return "none of the tiers this key may use can. Send the message without images."
	}
	return "the tiers that can are " + strings.Join(names, ", ") + ". Choose one of those, or send the message without images."
}

// DataURL is an image as the model endpoints take it: a data: URL.
func DataURL(img records.Image) string {
	return "data:" + img.MIME + ";base64," + base64.StdEncoding.EncodeToString(img.Data)
}
