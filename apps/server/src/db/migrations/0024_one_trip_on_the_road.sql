-- A vehicle, and a driver, is on at most one trip under way (In Transit or Delayed) at a time. An index, not
-- a check before the write, so that two saves at the same moment cannot both win.
CREATE UNIQUE INDEX trips_vehicle_on_the_road ON trips (vehicle_id) WHERE status IN ('In Transit', 'Delayed');
CREATE UNIQUE INDEX trips_driver_on_the_road ON trips (driver_id) WHERE status IN ('In Transit', 'Delayed');
