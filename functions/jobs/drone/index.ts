// The drone kinds' face: what the rest of the code may use of this folder (its job kind, for the registry,
// and its public schemas). Other kinds import this file, never the folder's other files.
export { droneKind } from './kind.ts';
export {
  DRONE_LIMITS,
  type DroneCaptureRequest,
  type DroneFootageRequest,
  type DroneStillsRequest,
  droneCaptureRequest,
  droneFootageOutput,
  droneFootageRequest,
  droneStillOutput,
  droneStillsRequest,
} from './schema.ts';
