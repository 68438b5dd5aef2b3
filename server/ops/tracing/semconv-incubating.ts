/**
 * The few attributes of OpenTelemetry's semantic conventions we use that are still incubating, copied as the
 * package's README recommends (its `incubating` entry may change in a minor release, and loading it costs the start
 * of every process a large module for a handful of strings).
 */
export const ATTR_URL_TEMPLATE = 'url.template';
export const ATTR_PEER_SERVICE = 'peer.service';
export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const MESSAGING_OPERATION_TYPE_VALUE_PROCESS = 'process';
