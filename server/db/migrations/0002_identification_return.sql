-- Where the provider sends the person back: the site's wizard, or the small page that closes the
-- popup a widget opened for the bank or eParaksts (the widget itself keeps watching the status).
ALTER TABLE identifications ADD COLUMN return_to text NOT NULL DEFAULT 'wizard' CHECK (return_to IN ('wizard', 'widget'));
