/** Words for fictional client hospitals of the benchmark data (`{place} {kind}`) and their time zones. */

export const PLACES = [
  'Cedar',
  'Maple',
  'River',
  'Summit',
  'Harbor',
  'Prairie',
  'Lakeside',
  'Pine',
  'Granite',
  'Willow',
  'Aspen',
  'Bayview',
  'Canyon',
  'Elm',
  'Highland',
  'Juniper',
  'Meadow',
  'Northgate',
  'Oak Hill',
  'Redwood',
];

export const KINDS = [
  'Regional Medical Center',
  'Community Hospital',
  "Children's Hospital",
  'University Hospital',
  'Memorial Hospital',
  'General Hospital',
  'Medical Center',
  'Neurological Institute',
  'Health System',
  'Methodist Hospital',
];

export const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Detroit',
  'America/Boise',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Indiana/Indianapolis',
];
