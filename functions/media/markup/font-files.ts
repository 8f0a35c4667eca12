// Where the fonts the service draws with come from: the dejavu-fonts-ttf package (the annotation font is
// the bold face). Kept apart from the font loader so the CDK app can name the files without loading it.
export const LABEL_FONT_PACKAGE_FILE = 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
